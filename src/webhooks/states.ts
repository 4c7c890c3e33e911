// The states a webhook endpoint and a message can be in (the SQL checks of sql/00016 list the same;
// test/db/states.test.ts compares them).
export const endpointStatuses = ['enabled', 'disabled'] as const;
export const messageStatuses = ['pending', 'sending', 'succeeded', 'failed'] as const;
export type MessageStatus = (typeof messageStatuses)[number];
export type EndpointStatus = (typeof endpointStatuses)[number];
