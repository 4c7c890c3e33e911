// A body that names one object member twice, at any depth, is 400 invalid_request before
// validation and changes nothing: JSON.parse keeps the last value, a proxy may read the first.
import t from 'tap';
import { repeatedMember } from '../../src/http/body.js';
import { createClub, createMember } from '../support/factories.js';
import { feedOf } from '../support/feeds.js';
import { startService } from '../support/harness.js';

t.test('the pointer of the first member named twice, at any depth, escapes decoded', async (t) => {
  t.equal(repeatedMember('{"amount":1000,"amount":5}'), '/amount');
  t.equal(repeatedMember('{"a":1,"\\u0061":2}'), '/a', 'an escaped spelling is the same name');
  t.equal(repeatedMember('{"lines":[{"x":1},{"amount":1,"amount":2}]}'), '/lines/1/amount');
  t.equal(repeatedMember('{"a":{"b":{"c":1}},"d":[[{"e/f":1,"e/f":2}]]}'), '/d/0/0/e~1f');
  t.equal(repeatedMember(`{"a":${'['.repeat(10000)}{"k":1,"k":1}${']'.repeat(10000)}}`), `/a${'/0'.repeat(10000)}/k`, 'deep nesting costs no recursion');
});

t.test('the same name in different objects, or as a value, is not a repeat', async (t) => {
  t.equal(repeatedMember('{"a":{"a":1},"b":{"a":2},"c":"a","d":["a","a"]}'), undefined);
  t.equal(repeatedMember('{"a":"x\\"","b":"\\\\","c":{"a":"}"},"d":"{\\"d\\":1}"}'), undefined, 'quotes, backslashes and braces inside strings');
  t.equal(repeatedMember('{}'), undefined);
});

const service = await startService(t);

t.test('POST with a member named twice: 400 invalid_request naming it, nothing written', async (t) => {
  const club = await createClub(service);
  await createMember(service, club);
  const before = { members: (await club.call('GET', '/v1/club/members?limit=100')).body.data, feed: await feedOf(club) };
  const member = '"last_name":"Lovelace","birth_date":"2010-12-10","gender":"female"';
  for (const [body, pointer] of [
    [`{"first_name":"Ada","first_name":"Eve",${member}}`, '/first_name'],
    [`{"first_name":"Ada",${member},"guardians":[{"name":"Byron","name":"Anne"}]}`, '/guardians/0/name'],
  ] as const) {
    const res = await club.call('POST', '/v1/club/members', body);
    t.equal(res.status, 400, pointer);
    t.equal(res.body.code, 'invalid_request');
    t.equal(res.body.detail, `the body names the member ${pointer} twice`);
  }
  t.same((await club.call('GET', '/v1/club/members?limit=100')).body.data, before.members, 'no member created');
  t.same(await feedOf(club), before.feed, 'no change recorded');
});
