/**
 * Resend's flows, delivered through Svix: each event is one message with its own `svix-id`; the email
 * keeps its `email_id`, `created_at`, sender, recipients and subject across the flow.
 */
import { defineFlow, type FlowContext } from '../flow.js';
import { pinned } from '../shared/pin.js';
import { uuid, type Rng } from '../shared/rng.js';

function resendIds(rng: Rng) {
  return { email: uuid(rng) };
}

/** What the builder draws for each event but is the email's own: its SES message id, template and broadcast. */
const identity = () => pinned([{ paths: ['data.message_id'] }, { paths: ['data.template_id'] }, { paths: ['data.broadcast_id'] }]);

/** The email as every event of the flow describes it: sent at the flow's start, with the first event's sender, recipients and subject. */
const email = ({ ids, iso, main }: FlowContext<ReturnType<typeof resendIds>>, index: number) => {
  const first = index === 0 ? {} : main(0);
  const { from, to, subject, tags } = first;
  return { email_id: ids.email, created_at: iso(0).replace('Z', '000+00:00'), ...(index === 0 ? {} : { from, to, subject, tags }) };
};

const engagement = defineFlow({
  provider: 'resend',
  name: 'email-engagement',
  description: 'An email sent, delivered, opened and a link in it clicked',
  source: 'https://resend.com/docs/webhooks/event-types',
  ids: resendIds,
  identity,
  steps: [
    { type: 'email.sent', at: 0, data: (context) => email(context, 0) },
    { type: 'email.delivered', at: 2, data: (context) => email(context, 1) },
    { type: 'email.opened', at: 600, data: (context) => email(context, 2) },
    { type: 'email.clicked', at: 620, data: (context) => email(context, 3) },
  ],
});

const bounce = defineFlow({
  provider: 'resend',
  name: 'email-bounce',
  description: 'An email sent, delayed by the receiving server, then bounced permanently',
  source: 'https://resend.com/docs/webhooks/event-types',
  ids: resendIds,
  identity,
  steps: [
    { type: 'email.sent', at: 0, data: (context) => email(context, 0) },
    { type: 'email.delivery_delayed', at: 60, data: (context) => email(context, 1) },
    { type: 'email.bounced', at: 1800, data: (context) => ({ ...email(context, 2), bounce: { type: 'Permanent', subType: 'General' } }) },
  ],
});

/** Resend's flows, in `relay flows resend` order. */
export const resendFlows = [engagement, bounce];
