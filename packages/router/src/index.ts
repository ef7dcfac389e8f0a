// Every app imports the router from here, never from react-router directly (eslint enforces it).
// A shared federation module is built whole, so sharing react-router itself ships all of it;
// sharing this module ships only what is named below. Add a name here when an app needs it.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
export type { Location, NavigateFunction, NavigateOptions, SetURLSearchParams, To } from 'react-router';
