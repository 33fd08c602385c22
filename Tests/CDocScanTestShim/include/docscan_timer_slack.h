/* Test-only: the calling thread's timer slack, which stretches its sleeps
 * as a starved CPU would. */
#ifndef DOCSCAN_TIMER_SLACK_H
#define DOCSCAN_TIMER_SLACK_H

/* Sets this thread's timer slack to `nanoseconds` and returns the one it
 * had (at least 1, so it can be set back), or 0 when it cannot be set. */
unsigned long docscan_test_set_timer_slack (unsigned long nanoseconds);

#endif
