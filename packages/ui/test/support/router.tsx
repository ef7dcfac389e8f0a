import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';

/** Shows the current search string, and a Back button (history -1). */
function LocationProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="search">{location.search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        History back
      </button>
    </>
  );
}

/** Renders `ui` in a MemoryRouter at `url`, with the location probe beside it. */
export function renderWithRouter(ui: ReactNode, url = '/list') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      {ui}
      <LocationProbe />
    </MemoryRouter>,
  );
}
