/* Test-only: the calling thread's timer slack, which stretches its sleeps
 * as a starved CPU would (prctl is variadic, so Swift cannot call it). */
#include "docscan_timer_slack.h"

#include <sys/prctl.h>

unsigned long
docscan_test_set_timer_slack (unsigned long nanoseconds)
{
  int previous = prctl (PR_GET_TIMERSLACK, 0, 0, 0, 0);
  if (prctl (PR_SET_TIMERSLACK, nanoseconds, 0, 0, 0) != 0)
    return 0;
  return previous > 0 ? (unsigned long) previous : 1;
}
