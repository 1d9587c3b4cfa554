export const STARTER_QUESTIONS = [
  "How much did I spend on groceries last year?",
  "What are my biggest spending categories this year?",
  "Show my income vs spending for 2025",
  "Which merchants do I spend most at for Dining?",
];

/** Shown on an empty chat: each button puts its question in the input and sends it (app.js). */
export function StarterQuestions({ questions = STARTER_QUESTIONS }: { questions?: string[] }) {
  return (
    <section class="starters" id="starters" aria-labelledby="starters-title">
      <h2 id="starters-title">Ask about your spending</h2>
      <ul>
        {questions.map((q) => (
          <li>
            <button type="button" class="starter" data-question={q}>
              {q}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
