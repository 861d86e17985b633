import { NumberedSteps } from '../../components/numbered-steps.tsx';
import { HOW_IT_WORKS } from './content.ts';

export function HowItWorks() {
  return (
    <NumberedSteps
      id="how-title"
      title="From first question to approved, in six clear steps"
      steps={HOW_IT_WORKS}
      grid="lg:grid-cols-3"
      padding="py-16 desk:py-20"
    />
  );
}
