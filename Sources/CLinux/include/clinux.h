#ifndef CLINUX_H
#define CLINUX_H

/* Linux calls that Swift's Glibc module does not import (they need _GNU_SOURCE). */

/* posix_spawn's flag that starts the child in a session of its own (setsid). */
int clinux_posix_spawn_setsid(void);

/* 1 when the calling thread is the process's main thread, else 0. */
int clinux_is_main_thread(void);

/* Lowers the calling thread's (not the process's) scheduling priority to
   `nice`; returns 0, or -1 with errno set. */
int clinux_set_thread_nice(int nice);

/* Names the calling thread (at most 15 bytes are kept), as top and ps -L show it. */
int clinux_set_thread_name(const char *name);

/* A non-blocking, close-on-exec eventfd, or -1 with errno set. */
int clinux_eventfd(void);

/* Adds one to an eventfd counter; returns 0, or -1 with errno set. */
int clinux_eventfd_signal(int fd);

/* Resets an eventfd counter to zero; returns 0, or -1 with errno set. */
int clinux_eventfd_drain(int fd);

/* An anonymous in-memory file (memfd_create), close-on-exec, or -1 with errno set. */
int clinux_memfd(const char *name);

/* The descriptor that becomes readable when work is queued on
 * DispatchQueue.main, and the drain that runs that work: libdispatch's hooks
 * for a run loop that is not dispatch_main (CoreFoundation's uses them). */
int clinux_main_queue_descriptor(void);
void clinux_drain_main_queue(void);

/* Makes each of `signals` write its number to a pipe instead of running
 * its default action, and returns the pipe's non-blocking read end (-1 on
 * error, or when a pipe was already made: there is one per process). A main
 * loop watches the descriptor and acts on the signal on its own thread. */
int clinux_signal_pipe(const int *signals, int count);

/* clinux_signal_pipe for SIGTERM and SIGINT: how a daemon shuts down cleanly. */
int clinux_termination_pipe(void);

/* Reads the signal number a signal pipe carries, or -1 when none. */
int clinux_read_signal(int fd);

/* The size of the terminal open on fd (TIOCGWINSZ); 0, or -1 with errno set. */
int clinux_terminal_size(int fd, int *rows, int *columns);

/* The columns a Unicode scalar takes on a terminal in the current LC_CTYPE
 * locale (wcwidth): 0 for combining marks, 2 for wide characters, -1 for
 * control characters. */
int clinux_wcwidth(unsigned int scalar);

#include <sys/socket.h>

/* CMSG_SPACE(bytes): the control buffer a recvmsg needs for `bytes` of ancillary data. */
unsigned long clinux_cmsg_space(int bytes);

/* The Unix descriptors (SCM_RIGHTS) a recvmsg's `header` carries: copies
 * at most `capacity` of them to `descriptors` and returns how many there
 * are (call with capacity 0 to count them). */
int clinux_received_descriptors(const struct msghdr *header, int *descriptors, int capacity);

#include <termios.h>

/* Until called again with fd -1: when the process crashes (SIGSEGV, SIGBUS,
 * SIGILL, SIGTRAP, SIGFPE, SIGABRT), write `reset` to the terminal fd and
 * restore its `saved` attributes before dying of the signal, so a crash
 * never leaves a user's terminal in raw mode. */
void clinux_restore_terminal_on_crash(int fd, const struct termios *saved, const char *reset);

/* Messages in a language: gettext (libintl.h is not in Swift's Glibc
 * module). `locale` is a handle from clinux_new_locale, or NULL for the
 * process's locale; the answer is the catalog's translation in UTF-8, or
 * `message` itself when the catalog has none. The thread's own locale is
 * restored before returning. */
const char *clinux_translate(const char *domain, const char *message, void *locale);
const char *clinux_translate_plural(const char *domain, const char *one, const char *other,
                                    unsigned long count, void *locale);

/* Where `domain`'s catalogs are read from (bindtextdomain), answered in UTF-8
 * whatever the locale's character set; 0, or -1 when out of memory. */
int clinux_bind_text_domain(const char *domain, const char *directory);

/* An installed locale (newlocale with every category), or NULL when `name`
 * names none on this machine. */
void *clinux_new_locale(const char *name);
void clinux_free_locale(void *locale);

/* The locale's decimal separator and thousands separator (LC_NUMERIC), and
 * the day written in its short date form (strftime's %x, LC_TIME), in
 * `buffer`; NULL locale is the process's. */
const char *clinux_decimal_point(void *locale);
const char *clinux_thousands_separator(void *locale);
unsigned long clinux_format_day(char *buffer, unsigned long size, int year, int month, int day, void *locale);

/* A day written in the process's short date form (strptime's %x) read into
   year, month (1-12) and day; 1 when all of `text` is that day, else 0. */
int clinux_parse_day(const char *text, int *year, int *month, int *day);

/* The name of the process's locale for `category` ("LC_TIME", "LC_NUMERIC",
   "LC_MESSAGES"; "C" for any other or when none was set). */
const char *clinux_process_locale(const char *category);

/* sd_listen_fds(3): the number of descriptors passed to this process by
 * socket activation (LISTEN_PID naming it, LISTEN_FDS of them from 3 on, each
 * made close-on-exec), 0 when none was, or a negative errno; LISTEN_PID,
 * LISTEN_FDS and LISTEN_FDNAMES unset when `unset_environment` is not 0. */
int clinux_listen_fds(int unset_environment);

/* sd_is_socket(3): 1 when fd is a socket of `family` (AF_UNSPEC: any),
 * `type` (0: any) and listening (> 0), not listening (0) or either (< 0);
 * 0 when it is not; a negative errno when it cannot be told. */
int clinux_is_socket(int fd, int family, int type, int listening);

#endif
