// club.invoices.get: the club's own invoice with its lines and payments and its ETag; another club's is 404.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { createClub, createInvoice, createMember, newClub } from '../../support/factories.js';

const service = await startService(t);

t.test('get answers the invoice as create answered it, with its ETag; a paid one with its payment', async (t) => {
  const club = await createClub(service);
  const member = await createMember(service, club);
  const invoice = (await club.call('POST', '/v1/club/invoices', { member_id: member, lines: [{ description: 'Kit', amount: 3995 }], currency: 'EUR' })).body.data;
  const got = await club.call('GET', `/v1/club/invoices/${invoice.id}`);
  t.equal(got.status, 200);
  t.equal(got.headers.get('etag'), '"1"');
  t.same(got.body.data, invoice);
  const paid = await createInvoice(service, club, { status: 'paid', amount: 500 });
  const res = (await club.call('GET', `/v1/club/invoices/${paid}`)).body.data;
  t.match(res, { status: 'paid', amount: 500, amount_paid: 500, balance: 0 });
  t.match(res.payments, [{ amount: 500, method: 'cash' }]);
});

t.test('another club\'s invoice of the same federation, or none, is 404', async (t) => {
  const club = await createClub(service);
  const other = await newClub(service, club.federationId);
  const theirs = await createInvoice(service, other);
  for (const id of [theirs, '999999999999']) {
    const res = await club.call('GET', `/v1/club/invoices/${id}`);
    t.equal(res.status, 404);
    t.equal(res.body.code, 'not_found');
  }
});
