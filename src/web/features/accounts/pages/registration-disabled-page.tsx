import { RegistrationDisabled } from "../components/registration-disabled";

/** docs/product.md §2's registration-disabled page; /register shows the same when STAFF_SIGNUP=closed. */
export const Component = RegistrationDisabled;
