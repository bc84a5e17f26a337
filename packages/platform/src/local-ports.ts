/**
 * gRPC ports of the one-command local stack (`npm start`); peer-address defaults point here. They sit below
 * Linux's ephemeral range (32768–60999), so an outgoing connection of another process can never hold one when
 * a service starts to listen (it happened with 5005x). Containers keep GRPC_PORT's default, 50051.
 */
export const LOCAL_GRPC_PORTS = { billing: 7051, documents: 7052, matching: 7053, sourcing: 7054, skills: 7055 } as const;

export type LocalService = keyof typeof LOCAL_GRPC_PORTS;

export const localAddress = (service: LocalService): string => `127.0.0.1:${LOCAL_GRPC_PORTS[service]}`;
