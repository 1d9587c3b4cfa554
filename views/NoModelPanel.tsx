/** The .env lines of a local model through Ollama's Messages API (README, "Local models"). */
export const LOCAL_MODEL_ENV = "ANTHROPIC_BASE_URL=http://localhost:11434\nANTHROPIC_API_KEY=ollama\nANTHROPIC_MODEL=qwen3:8b";
export const API_KEY_ENV = "ANTHROPIC_API_KEY=sk-ant-…";

/**
 * In place of the question box when the server runs without a model (`serve --no-model`):
 * the other pages work; this says how to add a model, each way with the `.env` lines to
 * copy (page.js copies the text of the element a Copy button names).
 */
export function NoModelPanel() {
  return (
    <section class="no-model" id="no-model" aria-labelledby="no-model-title">
      <h2 id="no-model-title">The chat needs a model</h2>
      <p>
        budget-chat runs without one, so it cannot answer questions yet. Everything else works: <a href="/import">Import</a>,{" "}
        <a href="/transactions">Transactions</a>, <a href="/categories">Categories</a>, <a href="/budgets">Budgets</a>. To chat, add one of these to the{" "}
        <code>.env</code> file in the folder you start budget-chat from, then restart it without <code>--no-model</code>.
      </p>
      <h3 id="no-model-key">An Anthropic API key</h3>
      <p>
        Create a key in the <a href="https://console.anthropic.com/settings/keys">Anthropic Console</a> (a Claude.ai subscription does not include one). Only your question, the
        tools' summaries and the answer go to the model.
      </p>
      <div class="copy-block">
        <pre>
          <code id="env-api-key">{API_KEY_ENV}</code>
        </pre>
        {/* Named "Copy" (or "Copied") and what it copies: its own text, then the way's heading. */}
        <button type="button" class="copy-text quiet" id="copy-api-key" data-copy="env-api-key" aria-labelledby="copy-api-key no-model-key">
          Copy
        </button>
      </div>
      <h3 id="no-model-local">Or a model on this computer</h3>
      <p>
        Ollama (0.14 or newer: <code>ollama pull qwen3:8b</code>) or llama.cpp's <code>llama-server</code> (started with <code>--jinja</code>, its address in{" "}
        <code>ANTHROPIC_BASE_URL</code>). Nothing leaves your computer.
      </p>
      <div class="copy-block">
        <pre>
          <code id="env-local-model">{LOCAL_MODEL_ENV}</code>
        </pre>
        <button type="button" class="copy-text quiet" id="copy-local-model" data-copy="env-local-model" aria-labelledby="copy-local-model no-model-local">
          Copy
        </button>
      </div>
    </section>
  );
}
