import { Fragment, type ComponentProps } from "react";
import { cn } from "@web/lib/cn";

/** Where an address may wrap: before each dot and the @, after a hyphen. */
const BREAKS = /(?=[.@])|(?<=-)/;

/**
 * An e-mail address that, when it does not fit its line, wraps before a dot or the @ (or after a
 * hyphen), and only inside a word when one part alone is wider than the line (issue 32).
 */
export function EmailAddress({ address, className, ...props }: { address: string } & ComponentProps<"span">) {
  return (
    <span className={cn("wrap-anywhere", className)} {...props}>
      {address.split(BREAKS).map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
