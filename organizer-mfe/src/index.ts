// Async boundary: the shared singletons (react, react-router, ...) are negotiated before bootstrap runs.
import('./bootstrap').catch((error: unknown) => {
  console.error('Organizer failed to start:', error);
});
