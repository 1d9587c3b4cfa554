import { ACCEPTED_FILES } from "../src/import/formats/registry.ts";

/**
 * The upload: choose or drop one statement or many (twelve monthly statements at once); choosing them
 * previews them at once (htmx posts the files on `change`). Each file's settings are with its preview.
 */
export function ImportForm() {
  return (
    <form id="import-form" class="import-form" method="post" action="/import/preview" enctype="multipart/form-data" hx-post="/import/preview" hx-trigger="submit, change" hx-target="#import-preview" hx-swap="innerHTML">
      <label class="drop-zone" id="drop-zone" for="import-file">
        <span class="drop-text">Choose statement files, or drop them here</span>
        <input type="file" name="file" id="import-file" multiple required accept={ACCEPTED_FILES} />
      </label>
      <button type="submit">Preview</button>
    </form>
  );
}
