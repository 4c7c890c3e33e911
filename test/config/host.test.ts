// The listen address: a developer's quick start (embedded database) is local; a deployment with
// its own database listens on every interface unless HOST says otherwise.
import t from 'tap';
import { loadConfig } from '../../src/config.js';

const key = Buffer.alloc(32, 7).toString('base64');
const url = 'postgres://partner:secret@db.example.org:5432/partner';

t.test('without DATABASE_URL (embedded) HOST defaults to 127.0.0.1', async (t) => {
  t.equal(loadConfig({}).host, '127.0.0.1');
  t.equal(loadConfig({ DATABASE_URL: '' }).host, '127.0.0.1');
});

t.test('with a DATABASE_URL HOST defaults to 0.0.0.0', async (t) => {
  t.equal(loadConfig({ DATABASE_URL: url, PARTNER_SECRET_KEY: key }).host, '0.0.0.0');
});

t.test('HOST set wins either way', async (t) => {
  t.equal(loadConfig({ HOST: '0.0.0.0' }).host, '0.0.0.0');
  t.equal(loadConfig({ HOST: '127.0.0.1', DATABASE_URL: url, PARTNER_SECRET_KEY: key }).host, '127.0.0.1');
});
