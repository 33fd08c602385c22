"""Truth intervals from per-frame geometry: what `docscan-feedback` should say.

Frames near a threshold are left unlabelled (state None), and every interval is
trimmed by TRIM seconds at each inner boundary, so a test only checks times
where the answer is unambiguous."""

TRIM = 0.2
MIN_LENGTH = 0.3


# Bands (low, high) around the element's limits: below low the rule clearly
# does not hold, above high it clearly does, in between the frame is not
# labelled (the outline the element finds is off by a few pixels, and it
# keeps a status for two analysed frames).
CLOSE_AREA = (0.72, 0.88)      # whole: more than 80 % of the frame
CLOSE_AREA_CUT = (0.40, 0.62)  # cut by the frame: more than half
FAR_CAPS = (5.8, 8.5)          # MRZ capitals under 7 analysed px (7.7 once too far)
FAR_LONG_SIDE = (0.30, 0.40)   # ... and the long side under 35 % of the frame's
EDGE_MARGIN = (0.018, 0.035)   # a corner within 2.5 % of the short side
CUT_PX = 5.0                   # a corner within 2 analysed px is cut
MIN_AREA = 0.024               # candidates under 2 % of the frame are dropped
WASHED = (0.008, 0.05)         # glare: over 2 % of the document washed out


def _above(value, band):
    """True above the band, False below it, None inside it."""
    low, high = band
    return True if value > high else False if value < low else None


def _below(value, band):
    """True below the band, False above it, None inside it."""
    holds = _above(value, band)
    return None if holds is None else not holds


def frame_state(visible, tilt, motion_caps, hand_on_doc, framing=None):
    """(detection status or None when ambiguous, sorted events). `framing`
    (framing.Framing) adds the framing rules (too close, too far, too close
    to the edge) and glare; without it (None) only visibility, tilt, motion
    and the hand are judged."""
    events = []
    if motion_caps >= 0.45:
        events.append("blur")
    elif motion_caps > 0.2:
        return None, []
    if hand_on_doc:
        events.append("occlusion")
    if visible < 0.02:
        return "failed", []
    if framing is not None:
        return _framed_state(visible, tilt, framing, events)
    if visible < 0.9:
        return "document-partially-visible", sorted(events + ["not-fully-visible"])
    if visible < 0.995:
        return None, []
    if tilt > 42:
        return "camera-angle-too-steep", sorted(events + ["tilt"])
    if tilt > 28:
        return None, []
    return "success", sorted(events)


def _framed_state(visible, tilt, f, events):
    """frame_state with the framing rules, in the element's status order:
    too close, partially visible, too far, too steep, too close to edge."""
    glare = _above(f.washed, WASHED)
    cut = True if visible < 0.9 else False if visible >= 0.995 and f.margin_px >= CUT_PX else None
    if glare is None or cut is None:
        return None, []
    events += ["glare"] if glare else []
    close = _above(f.area, CLOSE_AREA_CUT if cut else CLOSE_AREA)
    if close is None:
        return None, []
    if cut:
        events += ["not-fully-visible"] + (["too-close"] if close else [])
        return ("camera-too-close" if close else "document-partially-visible"), sorted(events)
    if f.area < MIN_AREA:
        return None, []
    far = _too_far(f)
    steep = _above(tilt, (28, 42))
    edge = _below(f.margin, EDGE_MARGIN)
    if None in (far, steep, edge):
        return None, []
    checks = [(close, "camera-too-close", "too-close"), (far, "camera-too-far", "too-far"),
              (steep, "camera-angle-too-steep", "tilt"), (edge, "document-too-close-to-edge", "too-close-to-edge")]
    events += [event for holds, _, event in checks if holds]
    status = next((status for holds, status, _ in checks if holds), "success")
    return status, sorted(events)


def _too_far(f):
    """Too far needs both a short outline and small estimated capitals;
    either clearly large enough is enough to be near."""
    caps_low, caps_high = f.caps
    if caps_high < FAR_CAPS[0] and f.long_side < FAR_LONG_SIDE[0]:
        return True
    if caps_low > FAR_CAPS[1] or f.long_side > FAR_LONG_SIDE[1]:
        return False
    return None


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
                    "mrz_readable": state == "success" and "blur" not in events and "glare" not in events})
    return out
