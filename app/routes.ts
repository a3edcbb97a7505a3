import { type RouteConfig } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";

// Every file in app/routes is a route unless ignored: a route's stylesheet sits beside it (docs/decisions/013).
export default flatRoutes({
  ignoredRouteFiles: ["**/*.css"],
}) satisfies RouteConfig;
