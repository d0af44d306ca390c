/*
 * command.h - the run command: bytebench [options] [test|group ...].
 */
#ifndef COMMAND_H
#define COMMAND_H

/*
 * Runs the command line argv (argv[0] the runner as started) and returns
 * the exit status: 0 every test ran, 1 some did not (or a result file
 * could not be written), 2 bad usage or set-up, 128 + the signal when a
 * signal stopped the run.
 */
int command_run(int argc, char **argv);

#endif
