/** The route table lives in types/routes.ts (shared with the server and the build config). */
export * from '../types/routes';
