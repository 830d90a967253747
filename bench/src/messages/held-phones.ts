import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HeldPhone, PhoneHolderReply, PhoneHolderRequest } from './phone-holder';

const HOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'phone-holder.ts');

type Reply<K extends PhoneHolderReply['kind']> = Extract<PhoneHolderReply, { kind: K }>;

/** Phones whose feeds a child process holds (`phone-holder.ts`). */
export interface HeldPhones {
  opened: Reply<'opened'>;
  /** Each phone's arrival of the message whose text holds `tag`, from `t0` (epoch ms). */
  collect(tag: string, t0: number, withinMs: number): Promise<Reply<'collected'>>;
  /** How many feeds the server has ended. */
  ended(): Promise<number>;
  close(): Promise<void>;
}

/** Opens every phone's feed at `feedPath` in a child process of its own, `batch` at a time. */
export async function holdPhones(opts: {
  baseUrl: string;
  feedPath: string;
  phones: HeldPhone[];
  batch: number;
}): Promise<HeldPhones> {
  const child = fork(HOLDER, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ask = <K extends PhoneHolderReply['kind']>(request: PhoneHolderRequest, kind: K) => {
    const answer = nextReply(child, kind);
    child.send(request);
    return answer;
  };
  const opened = await ask(
    {
      kind: 'open',
      baseUrl: opts.baseUrl,
      path: opts.feedPath,
      phones: opts.phones,
      batch: opts.batch,
    },
    'opened',
  );
  return {
    opened,
    collect: (tag, t0, withinMs) => ask({ kind: 'collect', tag, t0, withinMs }, 'collected'),
    ended: async () => (await ask({ kind: 'ended' }, 'ended')).count,
    close: async () => {
      if (child.connected) child.send({ kind: 'close' } satisfies PhoneHolderRequest);
      await exited;
    },
  };
}

/** The child's next reply of `kind`; rejects if it exits first. */
function nextReply<K extends PhoneHolderReply['kind']>(
  child: ChildProcess,
  kind: K,
): Promise<Reply<K>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: PhoneHolderReply) => {
      if (message.kind !== kind) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as Reply<K>);
    };
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`the phone holder exited (${code}) before answering ${kind}`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
