// Testing Library with the booking pages' one requirement from the shell: a query cache.
import { render as rtlRender } from '@testing-library/react';
import type { RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { TestQueryProvider } from '../../../scripts/jest/test-query-provider';

export * from '@testing-library/react';

export function render(ui: ReactElement, options?: RenderOptions) {
  return rtlRender(ui, { wrapper: TestQueryProvider, ...options });
}
