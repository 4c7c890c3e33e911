import { ConfigError, packageVersion } from '../config.js';

export type Command = (args: string[]) => Promise<number>;

/** A mistake in the command line: one line on stderr, exit 2. */
export class UsageError extends Error {}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim() + '\n';

/** Exit codes of cli.md: 0 done, 1 refused or failed (worth a retry), 2 usage or configuration. */
function exitFor(error: unknown): number {
  if (error instanceof ConfigError) {
    process.stderr.write(oneLine(`configuration error: ${error.message}`));
    return 2;
  }
  if (error instanceof UsageError) {
    process.stderr.write(oneLine(`usage error: ${error.message} (see --help)`));
    return 2;
  }
  process.stderr.write(oneLine(error instanceof Error ? error.message : String(error)));
  return 1;
}

/** A reader that closed the pipe (`| head`) ends the program quietly rather than with a stack trace. */
function quietOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
}

/**
 * Dispatches `argv[0]` to a command (`fallback` when there is none). `--help` and `--version`
 * answer on stdout; anything else unknown is a usage error.
 */
export function runCli(name: string, argv: string[], help: string, commands: Record<string, Command>, fallback?: string): void {
  quietOnClosedPipe();
  const [command = fallback, ...rest] = argv;
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(help + '\n');
    return;
  }
  if (command === '--version' || command === '-V') {
    process.stdout.write(`${name} ${packageVersion}\n`);
    return;
  }
  const run = command ? commands[command] : undefined;
  if (!run) {
    process.exitCode = exitFor(new UsageError(`unknown command "${command ?? ''}"`));
    return;
  }
  run(rest).then(
    (code) => { process.exitCode = code; },
    (error: unknown) => process.exit(exitFor(error)),
  );
}
