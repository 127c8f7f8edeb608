// What both @a2a-js/sdk 1.3.0 bench servers (sdk-v1.mjs: JSON-RPC, sdk-grpc.mjs: gRPC) hand the
// SDK: its agent card, written out in full as the SDK's own types want it, a text part, and the
// submitted task an execution starts with.
import { TaskState } from 'a2a-sdk-10';
export function sdk10Card(url, protocolBinding) {
  return {
    name: 'Bench Agent',
    description: 'SDK 1.3.0 baseline',
    // protocolVersion must be exactly "1.0": the server compares the A2A-Version header with it.
    supportedInterfaces: [{ url, protocolBinding, tenant: '', protocolVersion: '1.0' }],
    provider: undefined,
    version: '1.0.0',
    capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'bench', name: 'Bench', description: 'bench', tags: [], examples: [], inputModes: [], outputModes: [], securityRequirements: [] }],
    signatures: [],
  };
}

export const textPart = (text) => ({ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: '' });

/** The Task an execution publishes first: submitted, with the user's message as its history. */
export const submittedTask = (ctx) => ({
  id: ctx.taskId,
  contextId: ctx.contextId,
  status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: new Date().toISOString() },
  artifacts: [],
  history: [ctx.userMessage],
  metadata: undefined,
});
