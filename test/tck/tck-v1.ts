// Runs the official A2A TCK for v1.0 (a2a-tck 1.0-dev: requirement-based, MUST/SHOULD/MAY, every
// transport the agent's card lists) against an agent, with Python from a venv of the machine
// image's wheel store (../shared/tck/setup-v1-python.sh), and reads one record per test from our
// own pytest plugin (tck_records.py).
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type V1Outcome = 'passed' | 'failed' | 'error' | 'skipped' | 'xfailed' | 'xpassed' | 'notrun';

export interface V1Record {
  nodeid: string;
  transport: string;
  requirement: string | null;
  level: string | null;
  outcome: V1Outcome;
  reason: string;
}

/** What counts against the agent: a failure, a broken fixture, or an unmet SHOULD/MAY (xfail). */
export const isFailure = (r: V1Record): boolean => r.outcome === 'failed' || r.outcome === 'error' || r.outcome === 'xfailed';

export interface KnownV1Fault {
  requirement: string;
  /** Only on this transport (undefined: any). */
  transport?: string;
  /** Only for agents that also answer v0.3 clients. */
  compatOnly?: boolean;
  why: string;
  /** The TCK's own complaint when the fault is what fails it: any other failure still counts. */
  failsWith: RegExp;
}

/**
 * The TCK's own faults (../shared/tck/README.md): the official JS SDK fails them too, or the
 * spec text (v1.0.1) says otherwise. Each is excused only when it fails the known way.
 */
export const KNOWN_V1_FAULTS: readonly KnownV1Fault[] = [
  {
    requirement: 'CARD-STRUCT-001',
    compatOnly: true,
    why: 'reads the card without A2A-Version, which an agent that also answers v0.3 clients serves as v0.3 (§3.6.2: no header means 0.3)',
    failsWith: /'additionalInterfaces', 'preferredTransport', 'protocolVersion', 'url' do not match any of the regexes/,
  },
  {
    requirement: 'HTTP_JSON-ERR-001',
    transport: 'http_json',
    why: 'wants errors as application/json; v1.0.1 §11.1 says application/a2a+json',
    failsWith: /Error Content-Type must be application\/json, got: 'application\/a2a\+json'/,
  },
  {
    requirement: 'HTTP_JSON-SVC-001',
    transport: 'http_json',
    why: 'wants application/json; v1.0.1 §11.1 says application/a2a+json',
    failsWith: /Expected Content-Type application\/json, got: 'application\/a2a\+json'/,
  },
  {
    requirement: 'CORE-SEND-003',
    why: 'declares no expected error, so the correct ContentTypeNotSupportedError (tested in test/runtime) fails it as "Operation failed"',
    failsWith: /Operation failed: (\[400\] )?application\/x-unsupported-tck-type is not accepted by skill/,
  },
  {
    requirement: 'JSONRPC-SSE-002',
    transport: 'jsonrpc',
    why: "wants ContentTypeNotSupportedError (a part's media type, §3.1.1) for a POST whose HTTP Content-Type is not JSON; docs/JSON-RPC.md says why that is -32600",
    failsWith: /expected ContentTypeNotSupportedError \(-32005\), got InvalidRequestError \(-32600\)/,
  },
  {
    requirement: 'GRPC-ERR-002',
    transport: 'grpc',
    why: 'wants UNIMPLEMENTED; v1.0.1 §5.4 says FAILED_PRECONDITION',
    failsWith: /UNIMPLEMENTED/,
  },
];

export function knownFault(record: V1Record, compat: boolean): KnownV1Fault | undefined {
  return KNOWN_V1_FAULTS.find(
    (f) =>
      f.requirement === record.requirement &&
      (f.transport === undefined || f.transport === record.transport) &&
      (!f.compatOnly || compat) &&
      f.failsWith.test(record.reason),
  );
}

/** Fails, naming what to run, when the venv lacks what the TCK imports. */
export async function requireV1Python(python: string): Promise<void> {
  try {
    await run(python, ['-c', 'import pytest, pytest_asyncio, httpx, grpc, google.protobuf, google.rpc.status_pb2, jsonschema']);
  } catch (err) {
    const why = (err as { stderr?: string; message: string }).stderr?.trim() || (err as Error).message;
    throw new Error(
      `The A2A TCK v1.0 needs a Python venv from the machine image's wheel store (${why.split('\n').at(-1)}). Make it with:\n` +
        `  ../shared/tck/setup-v1-python.sh <dir>/venv   (or set A2A_TCK_V1_PYTHON to a python that has pytest 8, httpx, grpcio and protobuf 6)`,
    );
  }
}

/** The whole v1.0 TCK takes about two minutes; a hung stream must not hold the suite for long. */
const RUN_TIMEOUT_MS = 600_000;

export interface V1Run {
  records: V1Record[];
  exitCode: number;
  output: string;
}

export async function runV1Tck(options: {
  tck: string;
  python: string;
  sutUrl: string;
  workDir: string;
  streamingTimeout: string;
  signal: AbortSignal;
}): Promise<V1Run> {
  const recordsFile = join(options.workDir, 'records.json');
  const args = [
    '-m',
    'pytest',
    'tests/compatibility/',
    `--sut-host=${options.sutUrl.replace(/\/$/, '')}`,
    '--webhook-host=127.0.0.1',
    '--tb=short',
    '-p',
    'no:cacheprovider',
    '-p',
    'tck_records',
    `--junitxml=${join(options.workDir, 'junit.xml')}`,
    `--compatibility-report=${join(options.workDir, 'compatibility')}`,
  ];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PYTHONPATH: import.meta.dirname,
    PYTHONDONTWRITEBYTECODE: '1',
    TCK_RECORDS_JSON: recordsFile,
    TCK_STREAMING_TIMEOUT: options.streamingTimeout,
  };
  // httpx honours proxy variables: the TCK's traffic must go straight to loopback.
  for (const name of Object.keys(env)) if (/^(https?|all|no)_proxy$/i.test(name)) delete env[name];
  let exitCode = 0;
  let output: string;
  try {
    const { stdout, stderr } = await run(options.python, args, {
      cwd: options.tck,
      env,
      signal: options.signal,
      timeout: RUN_TIMEOUT_MS,
      killSignal: 'SIGKILL',
      maxBuffer: 256 * 1024 * 1024,
    });
    output = stdout + stderr;
  } catch (err) {
    const e = err as { code?: unknown; killed?: boolean; stdout?: string; stderr?: string };
    output = (e.stdout ?? '') + (e.stderr ?? '');
    if (e.killed && !options.signal.aborted) throw new Error(`TCK v1.0: pytest did not finish within ${RUN_TIMEOUT_MS / 1000} s\n${output.slice(-6000)}`);
    if (typeof e.code !== 'number') throw err; // not started, or aborted
    exitCode = e.code;
  }
  const text = await readFile(recordsFile, 'utf8').catch(() => undefined);
  const records = text === undefined ? [] : (JSON.parse(text) as V1Record[]).filter((r) => r.outcome !== 'notrun');
  return { records, exitCode: text === undefined && exitCode <= 1 ? -1 : exitCode, output };
}
