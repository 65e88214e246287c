/** What other features use of callbacks (issue 36): the invitation dialog. */
export { InviteCallbackDialog } from "./components/invite-callback-dialog";
