/**
 * `npm start`: the production server. React and its renderer pick their production or development
 * build from NODE_ENV when they are first loaded, so it is settled here, before anything imports
 * them (server/main.ts and the app bundle load React).
 */
process.env.NODE_ENV ??= 'production';
await import('./main.ts');

export {};
