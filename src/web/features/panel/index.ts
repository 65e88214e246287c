/** What the registrations screen uses of the review panel (issue 23). */
export { useTags } from "./api/panel-api";
export { FastReview } from "./components/fast-review";
export { RowPanel } from "./components/row-panel";
export { StageBadge } from "./components/stage-control";
export { TagsManager } from "./components/tags-manager";
