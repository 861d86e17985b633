/** A contact enquiry carrying personal data (a name, an address, a passport number): what must never reach a log or a stored error. */
export const ENQUIRY_WITH_PASSPORT_NUMBER = {
  name: 'Meera Iyer',
  email: 'meera.iyer@example.com',
  phone: '+1 (415) 555-0123',
  enquiryType: 'new-application',
  topic: 'indian-consular-application',
  message: 'My passport Z1234567 expires in March: can I still apply?',
};
