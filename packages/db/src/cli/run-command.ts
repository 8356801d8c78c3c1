// How every command-line tool runs: open the database, do the work, close the database, then exit with
// the outcome's code. Closing PGlite resets process.exitCode to 0 (its WebAssembly runtime exits), so a
// failure recorded before close() used to end with exit code 0 (audit:verify on a broken chain, a
// refused meddra:import): the code is passed to process.exit after closing. A failure prints its message
// on one line, without a stack trace (CTP_DEBUG=1 prints the stack): the tools' refusals (database in
// use, files missing, a version already loaded) are expected, and say what to do.
import { connect, type ConnectOptions, type DbHandle } from '../connect.ts';

/** What a command's work returns: the exit code, 0 when left out. */
export type CommandOutcome = number | void;

export function describeFailure(err: unknown): string {
  if (process.env.CTP_DEBUG === '1' && err instanceof Error && err.stack) return err.stack;
  return err instanceof Error ? err.message : String(err);
}

export async function runCommand(
  options: ConnectOptions,
  work: (handle: DbHandle) => Promise<CommandOutcome>,
): Promise<never> {
  let code = 1;
  let handle: DbHandle | undefined;
  try {
    handle = await connect(options);
    code = (await work(handle)) ?? 0;
  } catch (err) {
    console.error(describeFailure(err));
  }
  try {
    await handle?.close();
  } catch (err) {
    console.error(describeFailure(err));
    code ||= 1;
  }
  process.exit(code);
}
