/** A registration's sheet for the PDF's tests: a minor field or two left empty, no check-in link. */
import type { RegistrationSheetData } from "@common/schemas/registration-sheet";

export const sheetData: RegistrationSheetData = {
  fullName: "María José Núñez",
  dateOfBirth: "2003-09-14",
  location: "Córdoba",
  email: "maria@example.com",
  phoneNumber: "351 555-1234",
  height: 172,
  bust: null,
  waist: 61,
  hips: null,
  eyeColor: "Verde",
  instagramHandle: null,
  internationalWork: false,
  registrationCode: "OC-7K3F9Q",
  event: {
    eventName: "Casting Otoño",
    eventDate: "2031-04-12",
    location: "Teatro Real",
    description: "Caras nuevas.",
    confirmationDetails: "Traé tu ficha.",
  },
  timeslot: { startTime: "10:00", endTime: "11:00" },
};
