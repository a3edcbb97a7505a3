// @vitest-environment happy-dom
import { Link } from "@remix-run/react";
import {
  act,
  cleanup,
  fireEvent,
  screen,
  waitFor,
} from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderInRoot } from "../../tests/setup/components";
import { useRevalidate } from "./useRevalidate";

afterEach(cleanup);

function ReloadButton() {
  const revalidate = useRevalidate();
  return (
    <button type="button" onClick={revalidate}>
      Reload
    </button>
  );
}

describe("useRevalidate", () => {
  it("waits for a navigation under way, then reloads the page it arrived at once", async () => {
    let nextLoads = 0;
    let finishFirstLoad = () => {};
    renderInRoot(<Link to="/next">Next</Link>, {
      // In the root, as the socket's and the account's reloads are: it stays while the pages change under it.
      wrap: (page) => (
        <>
          {page}
          <ReloadButton />
        </>
      ),
      routes: [
        {
          path: "/next",
          loader: () => {
            nextLoads += 1;
            if (nextLoads > 1) return null;
            return new Promise<null>((resolve) => {
              finishFirstLoad = () => resolve(null);
            });
          },
          Component: () => <h1>Next page</h1>,
        },
      ],
    });
    fireEvent.click(await screen.findByRole("link", { name: "Next" }));
    await waitFor(() => expect(nextLoads).toBe(1));

    // A wallet update arrives while the next page loads: reloading now would abort and restart that navigation.
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(nextLoads).toBe(1);

    await act(async () => finishFirstLoad());
    await screen.findByRole("heading", { name: "Next page" });
    // The asks that came meanwhile are one reload, once the page is idle.
    await waitFor(() => expect(nextLoads).toBe(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(nextLoads).toBe(2);
  });
});
