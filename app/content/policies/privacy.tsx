import type { PublicSettings } from '#app/settings/public-settings.ts'
import { GrievanceOfficer, type PolicyDocument } from '../policy-page.tsx'
import { GRIEVANCE_ACKNOWLEDGEMENT, GRIEVANCE_RESOLUTION } from '../promises.ts'

const COLLECTED = [
  {
    what: 'Name, mobile number, e-mail address and delivery address',
    why: 'to deliver your order, to tell you about its progress, and to reach you if the courier cannot find you. The courier needs your name, number and address.',
  },
  {
    what: 'Your order: the products, amounts, payment method and status',
    why: 'to prepare, deliver and account for it, to answer questions about it, and because tax law requires us to keep invoices.',
  },
  {
    what: 'Your account, if you create one: e-mail address or mobile number, and a password (stored only in scrambled, hashed form)',
    why: 'so you can sign in, see your orders and keep a cart between visits.',
  },
  {
    what: 'Messages you send us through the contact form, by e-mail or by phone',
    why: 'to answer them. The contact form asks for your name, e-mail address and message; your phone number is optional.',
  },
  {
    what: 'Payment results: whether a payment succeeded and its transaction reference',
    why: 'to confirm online orders. Card, UPI and bank details go directly to our payment partner PhonePe; we never see or store them.',
  },
  {
    what: 'Technical data: your IP address, browser type and the pages requested',
    why: 'to keep the shop secure and working, for example to stop someone sending hundreds of messages through our forms.',
  },
] as const

export function privacyDocument(settings: PublicSettings): PolicyDocument {
  return {
    title: 'Privacy Policy',
    intro: `What personal data ${settings.shopName} collects, why, how long we keep it, and how to ask for it to be corrected or erased, under India's Digital Personal Data Protection Act, 2023.`,
    summary: [
      'We collect only what we need to take, deliver and support your order: your name, phone number, e-mail and delivery address.',
      <>
        <strong>We never sell your data</strong> and we do not use advertising or tracking cookies.
      </>,
      'You can ask us at any time to see, correct or erase your data.',
      'If your data is ever involved in a breach, we tell you and the Data Protection Board of India.',
    ],
    sections: [
      {
        id: 'who-we-are',
        title: 'Who we are',
        content: (
          <p>
            <strong>{settings.legalName}</strong>, {settings.address}, decides how the personal data described here is
            used (under the Digital Personal Data Protection Act, 2023, we are the "Data Fiduciary"). For any question
            about your data, write to our Grievance Officer (details below) or to {settings.email}.
          </p>
        ),
      },
      {
        id: 'what-we-collect',
        title: 'What we collect and why',
        content: (
          <>
            <p>We collect personal data only for the purposes below, and no more than each purpose needs:</p>
            <ul>
              {COLLECTED.map((item) => (
                <li key={item.what}>
                  <strong>{item.what}:</strong> {item.why}
                </li>
              ))}
            </ul>
            <p>
              We use your data on the basis of your consent, which you give when you place an order, create an account,
              send us a message or allow notifications, and for the purposes the law allows without consent, such as
              keeping tax records. We do not send you marketing e-mails or messages unless you have asked for them.
            </p>
          </>
        ),
      },
      {
        id: 'cookies',
        title: 'Cookies and browser storage',
        content: (
          <>
            <p>We use only what the shop needs to work:</p>
            <ul>
              <li>
                <strong>A session cookie</strong> keeps you signed in. It cannot be read by scripts and is removed when
                you sign out.
              </li>
              <li>
                <strong>Your cart</strong> is remembered for 30 days in a cookie (when you are signed in, with your
                account), so that it is still there when you come back. It holds only the products, sizes and quantities
                you chose and any coupon code.
              </li>
              <li>
                <strong>An order cookie</strong>: when you order without an account, a random number is kept in your
                browser for 90 days so that only this browser can reopen your order confirmation.
              </li>
              <li>
                <strong>Notification choices:</strong> if you allow push notifications, your browser gives us an address
                to send them to; we remember that you have seen the offer so we do not ask again.
              </li>
            </ul>
            <p>
              We use no advertising cookies, no third-party trackers and no analytics that follow you to other websites.
            </p>
          </>
        ),
      },
      {
        id: 'sharing',
        title: 'Who we share it with',
        content: (
          <>
            <p>
              <strong>We do not sell, rent or trade your personal data</strong>, and we do not share it for advertising.
              We share only what each of these needs to do their part:
            </p>
            <ul>
              <li>our courier partners: your name, mobile number and delivery address, to deliver your parcel;</li>
              <li>
                our payment partner PhonePe, when you pay online: the order amount and the details it needs to take the
                payment;
              </li>
              <li>
                the services that send our e-mails and text messages, and the provider that hosts our website and
                database, who process data only on our instructions;
              </li>
              <li>government authorities, when the law requires us to.</li>
            </ul>
          </>
        ),
      },
      {
        id: 'retention',
        title: 'How long we keep it',
        content: (
          <ul>
            <li>
              <strong>Orders and invoices:</strong> as long as Indian tax and accounting laws require, currently up to
              eight years after the financial year of the order.
            </li>
            <li>
              <strong>Your account:</strong> until you ask us to delete it. We then erase your account data within 30
              days, keeping only the order records the law requires.
            </li>
            <li>
              <strong>Contact messages:</strong> up to one year after we have answered them.
            </li>
            <li>
              <strong>Technical logs and IP addresses:</strong> up to 90 days, unless we need them to investigate
              misuse.
            </li>
          </ul>
        ),
      },
      {
        id: 'your-rights',
        title: 'Your rights',
        content: (
          <>
            <p>Under the Digital Personal Data Protection Act, 2023, you can:</p>
            <ul>
              <li>
                ask for a summary of the personal data we hold about you, what we do with it and whom we shared it with;
              </li>
              <li>ask us to correct, complete or update it;</li>
              <li>ask us to erase it, unless the law requires us to keep it (for example invoices);</li>
              <li>withdraw a consent you gave, as easily as you gave it, for example by turning off notifications;</li>
              <li>nominate someone to use these rights for you if you die or become unable to;</li>
              <li>complain to us, and then to the Data Protection Board of India.</li>
            </ul>
            <p>
              <strong>How to ask:</strong> e-mail our Grievance Officer at{' '}
              <a href={`mailto:${settings.grievanceOfficerEmail}`}>{settings.grievanceOfficerEmail}</a> or call{' '}
              {settings.grievanceOfficerPhone}, from the e-mail address or phone number you used with us, so we can be
              sure the data is yours. We acknowledge your request within {GRIEVANCE_ACKNOWLEDGEMENT} and complete it
              within {GRIEVANCE_RESOLUTION}.
            </p>
          </>
        ),
      },
      {
        id: 'security',
        title: 'Security and data breaches',
        content: (
          <>
            <p>
              Our website uses encrypted connections (HTTPS). Passwords are stored only as hashes, sign-in sessions live
              in cookies that scripts cannot read, and only the people who need your data to serve you can see it.
            </p>
            <p>
              If a personal data breach happens despite this, we inform the Data Protection Board of India and every
              affected person without delay, as the Act requires: what happened, what it may mean for you, what we are
              doing about it, and what you can do to protect yourself.
            </p>
          </>
        ),
      },
      {
        id: 'children',
        title: 'Children',
        content: (
          <p>
            Our shop is meant for adults. If you are under 18, please ask a parent or guardian to order for you. We do
            not knowingly collect personal data from children.
          </p>
        ),
      },
      {
        id: 'grievance-officer',
        title: 'Grievance Officer',
        content: (
          <>
            <p>Questions, requests and complaints about your personal data go to:</p>
            <GrievanceOfficer settings={settings} />
            <p>If you are not satisfied with our answer, you may complain to the Data Protection Board of India.</p>
          </>
        ),
      },
      {
        id: 'changes',
        title: 'Changes to this policy',
        content: (
          <p>
            When we change this policy, we update the date at the top of this page; if a change affects how we use data
            you have already given us, we tell you before it takes effect.
          </p>
        ),
      },
    ],
  }
}
