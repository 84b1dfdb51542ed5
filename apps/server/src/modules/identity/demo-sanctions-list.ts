/**
 * The demonstration sanctions list: a small list in the official format of the EU consolidated
 * financial sanctions list whose persons and company are INVENTED (the same file as the tests'
 * fixture, apps/server/test/fixtures/eu-sanctions-list.xml). Staff may load it outside production from
 * the back office, so that a first run can approve an application (docs/decisions.md "The
 * demonstration sanctions list"); a list with this content is shown as the demonstration list.
 */
export const DEMO_SANCTIONS_LIST = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<!--
  A small list in the official format of the EU consolidated financial sanctions list (the XML export
  of the Financial Sanctions Database, file format 1.1), for tests and demonstrations only. The persons
  and the company below are INVENTED; none of them is on the real list. Operators load the real file.
-->
<export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="2026-11-20T17:05:44.012+01:00" globalFileId="900001">
  <sanctionEntity designationDetails="" unitedNationId="" euReferenceNumber="EU.9001.01" logicalId="900101">
    <regulation regulationType="regulation" organisationType="commission" publicationDate="2026-01-15" entryIntoForceDate="2026-01-16" numberTitle="2026/0001 (OJ L 1)" programme="DEMO" logicalId="900111">
      <publicationUrl>https://example.invalid/demo-regulation</publicationUrl>
    </regulation>
    <subjectType code="person" classificationCode="P"/>
    <nameAlias firstName="Zorislav" middleName="Petrovich" lastName="Kremnyov" wholeName="Zorislav Petrovich Kremnyov" function="" gender="M" title="" nameLanguage="" strong="true" regulationLanguage="en" logicalId="900121"/>
    <nameAlias firstName="Зорислав" middleName="Петрович" lastName="Кремнёв" wholeName="Зорислав Петрович Кремнёв" function="" gender="M" title="" nameLanguage="RU" strong="true" regulationLanguage="en" logicalId="900122"/>
    <birthdate circa="false" calendarType="GREGORIAN" city="Novorossiysk" zipCode="" birthdate="1961-03-14" dayOfMonth="14" monthOfYear="3" year="1961" region="" place="" countryIso2Code="RU" countryDescription="RUSSIAN FEDERATION" regulationLanguage="en" logicalId="900131"/>
    <citizenship region="" countryIso2Code="RU" countryDescription="RUSSIAN FEDERATION" regulationLanguage="en" logicalId="900141"/>
  </sanctionEntity>
  <sanctionEntity designationDetails="" unitedNationId="" euReferenceNumber="EU.9002.02" logicalId="900201">
    <regulation regulationType="regulation" organisationType="commission" publicationDate="2026-02-10" entryIntoForceDate="2026-02-11" numberTitle="2026/0002 (OJ L 2)" programme="DEMO" logicalId="900211">
      <publicationUrl>https://example.invalid/demo-regulation</publicationUrl>
    </regulation>
    <subjectType code="person" classificationCode="P"/>
    <nameAlias firstName="Abdulrahim" middleName="Khalid" lastName="Al-Qasimbari" wholeName="Abdulrahim Khalid Al-Qasimbari" function="" gender="M" title="" nameLanguage="" strong="true" regulationLanguage="en" logicalId="900221"/>
    <nameAlias firstName="" middleName="" lastName="" wholeName="عبد الرحيم القاسمباري" function="" gender="M" title="" nameLanguage="AR" strong="true" regulationLanguage="en" logicalId="900222"/>
    <birthdate circa="true" calendarType="GREGORIAN" city="" zipCode="" birthdate="" dayOfMonth="" monthOfYear="" year="1972" region="" place="" countryIso2Code="" countryDescription="" regulationLanguage="en" logicalId="900231"/>
  </sanctionEntity>
  <sanctionEntity designationDetails="" unitedNationId="" euReferenceNumber="EU.9003.03" logicalId="900301">
    <regulation regulationType="regulation" organisationType="council" publicationDate="2026-03-05" entryIntoForceDate="2026-03-05" numberTitle="2026/0003 (OJ L 3)" programme="DEMO" logicalId="900311">
      <publicationUrl>https://example.invalid/demo-regulation</publicationUrl>
    </regulation>
    <subjectType code="person" classificationCode="P"/>
    <nameAlias firstName="Dragoljub" middleName="" lastName="Vukašinović" wholeName="Dragoljub Vukašinović" function="" gender="M" title="" nameLanguage="" strong="true" regulationLanguage="en" logicalId="900321"/>
    <nameAlias firstName="Драгољуб" middleName="" lastName="Вукашиновић" wholeName="Драгољуб Вукашиновић" function="" gender="M" title="" nameLanguage="SR" strong="true" regulationLanguage="en" logicalId="900322"/>
    <birthdate circa="false" calendarType="GREGORIAN" city="" zipCode="" birthdate="1958-11-02" dayOfMonth="2" monthOfYear="11" year="1958" region="" place="" countryIso2Code="RS" countryDescription="SERBIA" regulationLanguage="en" logicalId="900331"/>
    <birthdate circa="false" calendarType="GREGORIAN" city="" zipCode="" birthdate="1959-11-02" dayOfMonth="2" monthOfYear="11" year="1959" region="" place="" countryIso2Code="RS" countryDescription="SERBIA" regulationLanguage="en" logicalId="900332"/>
  </sanctionEntity>
  <sanctionEntity designationDetails="" unitedNationId="" euReferenceNumber="EU.9004.04" logicalId="900401">
    <regulation regulationType="regulation" organisationType="council" publicationDate="2026-04-22" entryIntoForceDate="2026-04-22" numberTitle="2026/0004 (OJ L 4)" programme="DEMO" logicalId="900411">
      <publicationUrl>https://example.invalid/demo-regulation</publicationUrl>
    </regulation>
    <subjectType code="person" classificationCode="P"/>
    <nameAlias firstName="Thaddeus" middleName="" lastName="Okonkwo-Breitmeyer" wholeName="Thaddeus Okonkwo-Breitmeyer" function="Financier" gender="M" title="" nameLanguage="" strong="true" regulationLanguage="en" logicalId="900421"/>
  </sanctionEntity>
  <sanctionEntity designationDetails="" unitedNationId="" euReferenceNumber="EU.9005.05" logicalId="900501">
    <regulation regulationType="regulation" organisationType="council" publicationDate="2026-05-30" entryIntoForceDate="2026-05-30" numberTitle="2026/0005 (OJ L 5)" programme="DEMO" logicalId="900511">
      <publicationUrl>https://example.invalid/demo-regulation</publicationUrl>
    </regulation>
    <subjectType code="enterprise" classificationCode="E"/>
    <nameAlias firstName="" middleName="" lastName="" wholeName="Nordvektor Shipping Holdings Limited" function="" gender="" title="" nameLanguage="" strong="true" regulationLanguage="en" logicalId="900521"/>
  </sanctionEntity>
</export>
`;
