/** Names the search template gives its elements and the search's controllers look up: written once. */
export const INPUT_ID = 'sv-input';
export const LISTBOX_ID = 'sv-listbox';
export const ANCHOR_CLASS = 'input-wrap';
export const POPUP_CLASS = 'popup';
export const ACTIVE_CLASS = 'active';
export const optionId = (index: number) => `sv-option-${index}`;
