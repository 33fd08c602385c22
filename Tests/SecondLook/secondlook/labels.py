"""Truth intervals from per-frame geometry: what `docscan-feedback` should say.

Frames near a threshold are left unlabelled (state None), and every interval is
trimmed by TRIM seconds at each inner boundary, so a test only checks times
where the answer is unambiguous."""

TRIM = 0.2
MIN_LENGTH = 0.3


def frame_state(visible, tilt, motion_caps, hand_on_doc):
    """(detection status or None when ambiguous, sorted events)."""
    events = []
    if motion_caps >= 0.45:
        events.append("blur")
    elif motion_caps > 0.2:
        return None, []
    if hand_on_doc:
        events.append("occlusion")
    if visible < 0.02:
        return "failed", []
    if visible < 0.9:
        return "document-partially-visible", sorted(events + ["not-fully-visible"])
    if visible < 0.995:
        return None, []
    if tilt > 42:
        return "camera-angle-too-steep", sorted(events + ["tilt"])
    if tilt > 28:
        return None, []
    return "success", sorted(events)


def intervals(states, fps):
    """Runs of equal (state, events) as {"start", "end", "expect", "events",
    "mrz_readable"}; None states split runs and are not reported."""
    runs, start = [], 0
    for i in range(1, len(states) + 1):
        if i == len(states) or states[i] != states[start]:
            runs.append((start, i, states[start]))
            start = i
    out = []
    total = len(states) / fps
    for a, b, (state, events) in runs:
        if state is None:
            continue
        t0, t1 = a / fps, b / fps
        if a > 0:
            t0 += TRIM
        if b < len(states):
            t1 -= TRIM
        if t1 - t0 < MIN_LENGTH:
            continue
        out.append({"start": round(t0, 3), "end": round(min(t1, total), 3), "expect": state,
                    "events": events,
                    "mrz_readable": state == "success" and "blur" not in events})
    return out
