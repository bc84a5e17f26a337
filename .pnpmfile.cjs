// pnpm hook (https://pnpm.io/pnpmfile), applied when the lockfile is resolved.
//
// @prisma/client declares optional peer dependencies on `prisma` (the CLI) and `typescript`. pnpm 10 resolves an
// optional peer to any version installed anywhere in the workspace (here the root devDependencies) even with
// `resolvePeersFromWorkspaceRoot: false`, so they became optional dependencies of @prisma/client and every
// `pnpm deploy --prod` (the service images) shipped the CLI, Prisma's dev server and TypeScript (~230 MB).
// The services only use the generated client (`prisma-client` generator) and @prisma/client's runtime, which need
// neither: drop the two peers. The CLI and TypeScript stay root devDependencies for `prisma generate` and the build.
/* global module */
const DROPPED_PEERS = { '@prisma/client': ['prisma', 'typescript'] };

function readPackage(pkg) {
  for (const name of DROPPED_PEERS[pkg.name] ?? []) {
    if (pkg.peerDependencies) delete pkg.peerDependencies[name];
    if (pkg.peerDependenciesMeta) delete pkg.peerDependenciesMeta[name];
  }
  return pkg;
}

module.exports = { hooks: { readPackage } };
