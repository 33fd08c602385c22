"""Pictures and clips made several at a time, in their order."""
import multiprocessing

_work = None


def in_order(work, items, jobs):
    """work(item) for every item, `jobs` at a time in forked processes,
    yielded in the items' order. `work` may be a closure or hold lambdas:
    the workers inherit it instead of receiving it pickled. A worker's
    SystemExit comes back as a RuntimeError (an exiting worker would leave
    the pool waiting for its result forever)."""
    global _work
    if jobs <= 1:
        yield from map(work, items)
        return
    _work = work
    with multiprocessing.get_context('fork').Pool(jobs) as pool:
        yield from pool.imap(_inherited, items)


def _inherited(item):
    try:
        return _work(item)
    except SystemExit as stop:
        raise RuntimeError(str(stop)) from None
