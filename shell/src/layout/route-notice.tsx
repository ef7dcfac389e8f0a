import { useLocation, useNavigate } from '@sports/router';

/** A notice a redirect carried in its navigation state (`accessNotice`), e.g. from the route guard. */
export function RouteNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = (location.state as { accessNotice?: unknown } | null)?.accessNotice;
  if (typeof notice !== 'string') return null;
  const dismiss = () => void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
  return (
    <div className="route-notice" role="status">
      <p>{notice}</p>
      <button type="button" aria-label="Dismiss" onClick={dismiss}>
        ×
      </button>
    </div>
  );
}
