/**
 * Refuses to go on under a Node.js older than package.json's "engines" asks (24 LTS): Node 20 gets no
 * security fixes, and the build and the tests are only checked on 24. Imported first by the scripts
 * `npm start` runs, so an old runtime stops with a sentence instead of an odd error further in.
 */
import fs from 'node:fs';

const { engines } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const needed = Number(/(\d+)/.exec(engines.node)?.[1] ?? 0);
const running = Number(process.versions.node.split('.')[0]);
if (running < needed) {
  console.error(
    `GradeVault needs Node.js ${needed} or newer; this is Node.js ${process.versions.node} (${process.execPath}).\n` +
      `Run it through npm (\`npm install && npm start\`): npm scripts use the Node.js ${needed} that \`npm install\` puts in node_modules/.bin.\n` +
      `Or install Node.js ${needed} LTS (nvm install ${needed}, fnm, or your system's package) and try again.`,
  );
  process.exit(1);
}
