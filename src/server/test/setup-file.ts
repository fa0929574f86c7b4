// A server test that logs through console.error has hit an unexpected path: fail it loudly.
const originalError = console.error;
console.error = (...args: unknown[]) => {
  originalError(...args);
  throw new Error(`console.error called: ${args.map(String).join(' ')}`);
};
