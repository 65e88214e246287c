/** What other features use of integrations: the panel that shows a secret once, and a form's errors. */
export { SecretPanel } from "./components/secret-panel";
export { fieldErrorsOf, FormFailure } from "./components/form-errors";
