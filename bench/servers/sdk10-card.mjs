// What both @a2a-js/sdk 1.3.0 bench servers (sdk-v1.mjs: JSON-RPC, sdk-grpc.mjs: gRPC) hand the
// SDK: its agent card, written out in full as the SDK's own types want it, and a text part.
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
