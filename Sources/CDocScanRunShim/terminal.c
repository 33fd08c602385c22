/* The terminal's width, so the guidance line never wraps (a wrapped line
 * cannot be rewritten in place with a carriage return). */
#include <sys/ioctl.h>
#include <unistd.h>

#include "docscan_run_shim.h"

guint
docscan_run_terminal_columns (int fd)
{
  struct winsize size;

  if (!isatty (fd))
    return 0;
  if (ioctl (fd, TIOCGWINSZ, &size) != 0 || size.ws_col == 0)
    return 80;
  return size.ws_col;
}
