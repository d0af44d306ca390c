/*
 * child.c - one copy of a pass: the child's side of its fork (process
 * group, descriptors, directory, signal mask, then execve) and what it
 * left for the report (its output files read back, its command line).
 */
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cpu.h"
#include "exec/child.h"
#include "file.h"
#include "write/escape.h"

/* The most of a copy's stdout or stderr kept in the report. */
#define MAX_CAPTURE (1 << 20)

char *
child_capture(const char *path)
{
	char *buf = NULL;
	size_t len = 0, from, n = 0;

	/* Up to twice the most kept: the NULs among the bytes are left out. */
	if (file_read_path(path, O_NOFOLLOW, 2 * MAX_CAPTURE, &buf, &len) ==
	    -1) {
		buf = NULL;
		len = 0;
	}
	if (buf == NULL && (buf = malloc(1)) == NULL)
		return NULL;
	for (from = 0; from < len && n < MAX_CAPTURE; from++)
		if (buf[from] != '\0')
			buf[n++] = buf[from];
	buf[n] = '\0';
	escape_plain(buf, 1);
	return buf;
}

char *
child_command(char *const *argv)
{
	size_t n = 1, i;
	char *s;

	for (i = 0; argv[i] != NULL; i++)
		n += strlen(argv[i]) + 1;
	if ((s = malloc(n)) == NULL)
		return NULL;
	s[0] = '\0';
	for (i = 0; argv[i] != NULL; i++) {
		if (i > 0)
			strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}

/* Writes a message on stderr from a child between fork and exec. */
static void
child_fail(const char *what, const char *path)
{
	static const char prefix[] = "bytebench: cannot ";
	ssize_t rc;

	rc = write(2, prefix, sizeof(prefix) - 1);
	rc = write(2, what, strlen(what));
	rc = write(2, " ", 1);
	rc = write(2, path, strlen(path));
	rc = write(2, "\n", 1);
	(void)rc;
	_exit(127);
}

void
child_exec(const struct launch *l, char **envp, pid_t pgid,
    const sigset_t *old_mask, const int gate[2])
{
	struct sigaction sa;
	char byte;
	int fd;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGPIPE, &sa, NULL);
	sigaction(SIGXFSZ, &sa, NULL);
	sigprocmask(SIG_SETMASK, old_mask, NULL);
	setpgid(0, pgid);
	if ((fd = open(l->err_path, O_WRONLY | O_CREAT | O_NOFOLLOW, 0600)) ==
	    -1)
		_exit(127);
	dup2(fd, 2);
	if (fd != 2)
		close(fd);
	if ((fd = open(l->out_path, O_WRONLY | O_CREAT | O_NOFOLLOW, 0600)) ==
	    -1)
		child_fail("create", l->out_path);
	dup2(fd, 1);
	if (fd != 1)
		close(fd);
	if ((fd = open("/dev/null", O_RDONLY)) == -1)
		child_fail("open", "/dev/null");
	dup2(fd, 0);
	if (fd != 0)
		close(fd);
	if (chdir(l->cwd) == -1)
		child_fail("enter", l->cwd);
	if (l->pin >= 0 && cpu_pin(l->pin) == -1)
		child_fail("pin the copy to", "the CPU of its block");
	/* The runner closes the gate when its counters are attached. */
	if (gate[0] != -1) {
		close(gate[1]);
		while (read(gate[0], &byte, 1) == -1 && errno == EINTR)
			;
		close(gate[0]);
	}
	execve(l->argv[0], l->argv, envp);
	child_fail("execute", l->argv[0]);
}
