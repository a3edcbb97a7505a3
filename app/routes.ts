import { type RouteConfig } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";

// Every file in app/routes is a route unless ignored: a route's stylesheet and its component test sit beside it
// (docs/decisions/012 and 013). A test taken for a route would pull the test runner into the Worker.
export default flatRoutes({
  ignoredRouteFiles: ["**/*.css", "**/*.test.{ts,tsx}"],
}) satisfies RouteConfig;
