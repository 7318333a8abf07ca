import { Card } from '../../../components/ui/card';
import { PageHeading } from '../../../components/ui/page-heading';

const SECTIONS = [
  {
    title: 'Your account',
    text: 'Keep your password private. You are responsible for requests made from your account.',
  },
  {
    title: 'Funds and requests',
    text: 'Deposits are credited after our desk verifies the payment. Withdrawals are paid to the account you name and cannot be reversed once sent.',
  },
  {
    title: 'Fair use',
    text: 'IDs are for your own use. We may block accounts used for fraud or abuse.',
  },
];

export function PolicyPage() {
  return (
    <>
      <PageHeading title="Terms" description="The rules that apply when you use ID Desk." />
      <Card className="max-w-3xl">
        <div className="flex flex-col gap-6">
          {SECTIONS.map((section) => (
            <section key={section.title}>
              <h2 className="text-lg font-semibold text-slate-900">{section.title}</h2>
              <p className="mt-1 text-slate-700">{section.text}</p>
            </section>
          ))}
        </div>
      </Card>
    </>
  );
}
