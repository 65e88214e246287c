/** What other features use of selections for clients (issue 36): «Agregar a selección» for the registrations list. */
export { AddToSelectionButton } from "./components/add-to-selection";
