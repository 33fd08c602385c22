/* Ctrl-C for docscan-run: the first signal only counts; the bus loop polls
 * the count and sends EOS, so a recording is finalised before the exit.
 * The handler then restores the default action, so a second Ctrl-C ends the
 * process at once even when the pipeline is stuck. */
#include <signal.h>
#include <string.h>

#include "docscan_run_shim.h"

static volatile sig_atomic_t interrupt_count;
static volatile sig_atomic_t interrupt_signal;

static void
count_interrupt (int number)
{
  interrupt_count++;
  interrupt_signal = number;
  /* signal() is async-signal-safe. */
  signal (SIGINT, SIG_DFL);
  signal (SIGTERM, SIG_DFL);
}

void
docscan_run_watch_interrupts (void)
{
  struct sigaction action;

  memset (&action, 0, sizeof action);
  action.sa_handler = count_interrupt;
  sigemptyset (&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction (SIGINT, &action, NULL);
  sigaction (SIGTERM, &action, NULL);
}

guint
docscan_run_interrupt_count (void)
{
  return (guint) interrupt_count;
}

int
docscan_run_interrupt_signal (void)
{
  return interrupt_signal;
}
