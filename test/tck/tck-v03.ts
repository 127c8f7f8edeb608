// Runs the official A2A TCK for v0.3 (a2a-tck 0.3.0.beta4: pytest, Debian's Python) against an
// agent, one category at a time the way its run_tck.py does, and reads each category's JUnit report.
import { execFile } from 'node:child_process';
import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseJUnit, type TestCase } from './junit.js';

const run = promisify(execFile);
const PYTHON = '/usr/bin/python3';

/**
 * The categories run_tck.py defines, with its selections and the transports each requires:
 * JSON-RPC, and for transport-equivalence JSON-RPC and HTTP+JSON side by side (gRPC cannot run
 * on Debian's protobuf; the v1.0 TCK covers gRPC).
 */
export const CATEGORIES = [
  { name: 'mandatory', selection: ['tests/mandatory/', '-m', 'mandatory_jsonrpc or mandatory_protocol'], transports: 'jsonrpc' },
  { name: 'capabilities', selection: ['tests/optional/capabilities/'], transports: 'jsonrpc' },
  { name: 'quality', selection: ['tests/optional/quality/'], transports: 'jsonrpc' },
  { name: 'features', selection: ['tests/optional/features/'], transports: 'jsonrpc' },
  { name: 'transport-equivalence', selection: ['tests/optional/multi_transport/', '-m', 'transport_equivalence'], transports: 'jsonrpc,rest' },
] as const;

export interface KnownFault {
  why: string;
  /** The TCK's own assertion when the fault is what fails it: any other failure still counts. */
  failsWith: RegExp;
}

/**
 * Tests no server can pass honestly (docs/TCK.md; the official @a2a-js/sdk fails them too),
 * by exact test id, each excused only when it fails the known way: any other failure counts,
 * of these tests too (say, the config could not even be set).
 */
export const KNOWN_TCK_FAULTS: Record<string, KnownFault> = {
  'tests.optional.quality.test_task_state_quality::test_task_state_transitions': {
    why: 'wants submitted/working right after a blocking message/send, which the input-required profile contradicts',
    failsWith: /Unexpected initial state: input-required/,
  },
  'tests.optional.capabilities.test_push_notification_config_methods::test_get_push_notification_config': {
    why: 'sets a config without an id, then asks for the id "default"',
    failsWith: /capability declared but get config failed/,
  },
  'tests.optional.capabilities.test_agent_card_optional::test_agent_interfaces_structure': {
    why: "wants every additionalInterfaces url to be http(s); a gRPC interface is the host:port a channel dials (a2a-python's own v0.3 tests list `localhost:50051`, and @a2a-js/sdk's gRPC client dials the url as it is) — only agents that serve gRPC meet it",
    failsWith: /interface url at index \d+ must be a valid HTTP\/HTTPS URL/,
  },
};

/**
 * Transport-equivalence tests that skip against any agent offering JSON-RPC and HTTP+JSON, each
 * for a reason in the TCK itself. Any other skip of that category fails the run: a skip there
 * usually means a binding answered what the other did not.
 */
export const KNOWN_TCK_SKIPS: Record<string, string> = {
  'tests.optional.multi_transport.test_functional_equivalence::test_consistent_behavior_tasks_cancel':
    'cancels one task once per transport and wants every cancel to succeed; the second is TaskNotCancelable (-32002), as the spec says',
  'tests.optional.multi_transport.test_functional_equivalence::test_same_error_handling_method_not_found':
    'skips unconditionally ("requires direct transport access")',
  'tests.optional.multi_transport.test_functional_equivalence::test_equivalent_authentication_agent_card':
    'compares authenticated extended cards, which the TCK profile (no security) does not offer; its HTTP+JSON client also asks /v1/card at the host root, outside the interface URL',
  'tests.optional.multi_transport.test_functional_equivalence::test_streaming_response_equivalence':
    "calls the clients' async send_streaming_message without awaiting it, so no transport yields a response",
};

/** Whether a failed test is one of the known faults, failing the known way. */
export const isKnownFault = (test: TestCase): boolean =>
  Object.hasOwn(KNOWN_TCK_FAULTS, test.id) && KNOWN_TCK_FAULTS[test.id].failsWith.test(test.message ?? '');

/** The Debian packages the TCK imports (.ci/run installs the same list) and their modules. */
const APT_INSTALL =
  'apt-get update && apt-get install -y --no-install-recommends python3-pytest python3-pytest-asyncio python3-pytest-timeout python3-httpx python3-requests python3-responses python3-deepdiff python3-jsonschema python3-packaging python3-yaml python3-dotenv python3-grpcio python3-protobuf python3-openssl';
const MODULES =
  'pytest, pytest_asyncio, pytest_timeout, httpx, requests, responses, deepdiff, jsonschema, packaging, yaml, dotenv, grpc, google.protobuf, OpenSSL';

/** Fails, naming the install command, when Debian's Python lacks what the TCK imports. */
export async function requirePython(): Promise<void> {
  try {
    await run(PYTHON, ['-c', `import ${MODULES}`]);
  } catch (err) {
    const why = (err as { stderr?: string; message: string }).stderr?.trim() || (err as Error).message;
    throw new Error(`The A2A TCK needs Debian's Python packages (${why.split('\n').at(-1)}). Install them with:\n  ${APT_INSTALL}`);
  }
}

/** Copies the TCK into `dir` (pytest and Python write beside the tests; the source stays untouched). */
export async function copyTck(source: string, dir: string): Promise<string> {
  const copy = join(dir, 'a2a-tck');
  await cp(source, copy, { recursive: true });
  return copy;
}

/** Each category takes seconds; a hung stream must not hold the suite for long. */
const CATEGORY_TIMEOUT_MS = 180_000;

export interface CategoryResult {
  name: string;
  cases: TestCase[];
  /** pytest's exit status: 0 all passed, 1 some failed; anything else (-1: no report) means the run itself broke. */
  exitCode: number;
  output: string;
}

export interface RunOptions {
  tck: string;
  sutUrl: string;
  reportDir: string;
  streamingTimeout: string;
  signal: AbortSignal;
}

export async function runCategory(category: (typeof CATEGORIES)[number], options: RunOptions): Promise<CategoryResult> {
  const report = join(options.reportDir, `${category.name}.xml`);
  const args = [
    '-m',
    'pytest',
    ...category.selection,
    `--sut-url=${options.sutUrl}`,
    '--test-scope=all',
    '--transports',
    category.transports,
    '-p',
    'no:cacheprovider',
    `--junitxml=${report}`,
  ];
  let exitCode = 0;
  let output: string;
  try {
    const { stdout, stderr } = await run(PYTHON, args, {
      cwd: options.tck,
      env: pytestEnv(options.streamingTimeout),
      signal: options.signal,
      timeout: CATEGORY_TIMEOUT_MS,
      killSignal: 'SIGKILL',
      maxBuffer: 256 * 1024 * 1024,
    });
    output = stdout + stderr;
  } catch (err) {
    const e = err as { code?: unknown; killed?: boolean; stdout?: string; stderr?: string };
    output = (e.stdout ?? '') + (e.stderr ?? '');
    if (e.killed && !options.signal.aborted)
      throw new Error(`TCK ${category.name}: pytest did not finish within ${CATEGORY_TIMEOUT_MS / 1000} s\n${output.slice(-6000)}`);
    if (typeof e.code !== 'number') throw err; // not started, or aborted
    exitCode = e.code;
  }
  const xml = exitCode <= 1 ? await readFile(report, 'utf8').catch(() => undefined) : undefined;
  if (exitCode <= 1 && xml === undefined) exitCode = -1; // pytest ended without its report
  const cases = xml === undefined ? [] : parseJUnit(xml);
  return { name: category.name, cases, exitCode, output };
}

function pytestEnv(streamingTimeout: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, TCK_STREAMING_TIMEOUT: streamingTimeout, PYTHONDONTWRITEBYTECODE: '1' };
  // requests and httpx honour proxy variables: the TCK's traffic must go straight to loopback.
  for (const name of Object.keys(env)) if (/^(https?|all)_proxy$/i.test(name)) delete env[name];
  return env;
}
