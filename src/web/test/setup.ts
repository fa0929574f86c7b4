import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// CI runs these beside the server tests on two shared cores: the default 1 s for findBy/waitFor
// fails a correct page that rendered late. A broken page still fails, just later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());

// A component that logs an error is a failing component: make it fail the test.
const originalError = console.error;
console.error = (...args: unknown[]) => {
  originalError(...args);
  throw new Error(`console.error called: ${args.map(String).join(' ')}`);
};
vi.stubGlobal('scrollTo', () => {});
