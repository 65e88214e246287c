import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmailAddress } from "./email-address";

describe("an e-mail address on a narrow line", () => {
  it("may wrap before its dots and @ and after its hyphens, and reads as the whole address", () => {
    const { container } = render(<EmailAddress address="lucia.fernandez@universidad-nacional.example.com" />);
    const address = container.firstElementChild!;
    expect(address.innerHTML).toBe("lucia<wbr>.fernandez<wbr>@universidad-<wbr>nacional<wbr>.example<wbr>.com");
    expect(address).toHaveTextContent(/^lucia\.fernandez@universidad-nacional\.example\.com$/);
    // Inside a word only as the last resort (a part wider than the line), never at any letter.
    expect(address).toHaveClass("wrap-anywhere");
    expect(address).not.toHaveClass("break-all");
  });
});
