import { ConfigError } from '../config.js';

export type Command = (args: string[]) => Promise<number>;

/** Dispatches `argv[0]` to a command; bad configuration is one line on stderr and exit 2. */
export function runCli(argv: string[], help: string, commands: Record<string, Command>, fallback?: string): void {
  const [name = fallback, ...rest] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(help + '\n');
    return;
  }
  const command = name ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(`unknown command ${name ?? ''}\n\n${help}\n`);
    process.exitCode = 2;
    return;
  }
  command(rest).then(
    (code) => { process.exitCode = code; },
    (error: unknown) => {
      if (error instanceof ConfigError) {
        process.stderr.write(`configuration error: ${error.message}\n`);
        process.exit(2);
      }
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
