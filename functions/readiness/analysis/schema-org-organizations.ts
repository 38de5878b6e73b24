/**
 * schema.org types that are an Organization: `Organization` and every type below it, transitively
 * (`LocalBusiness` and its branches, `ProfessionalService` → … , `AccountingService`, `NGO`, `Corporation`…).
 * Derived from schema.org release 30.0 (`data/releases/30.0/schemaorg-current-https-types.csv`: the closure
 * of `subTypeOf` under https://schema.org/Organization), 186 types. A site saying who publishes it with
 * any of them is an organization, not an unknown type (issue 19: `AccountingService` was not recognised).
 */
export const SCHEMA_ORG_ORGANIZATIONS: readonly string[] = [
  'AccountingService', 'AdultEntertainment', 'Airline', 'AmusementPark', 'AnimalShelter', 'ArchiveOrganization',
  'ArtGallery', 'Attorney', 'AutoBodyShop', 'AutoDealer', 'AutoPartsStore', 'AutoRental', 'AutoRepair', 'AutoWash',
  'AutomatedTeller', 'AutomotiveBusiness', 'Bakery', 'BankOrCreditUnion', 'BarOrPub', 'BeautySalon',
  'BedAndBreakfast', 'BikeStore', 'BookStore', 'BowlingAlley', 'Brewery', 'CafeOrCoffeeShop', 'Campground', 'Casino',
  'ChildCare', 'ClothingStore', 'CollegeOrUniversity', 'ComedyClub', 'CommunityHealth', 'ComputerStore',
  'Consortium', 'ConvenienceStore', 'Cooperative', 'Corporation', 'CovidTestingFacility', 'DanceGroup', 'DaySpa',
  'Dentist', 'DepartmentStore', 'Dermatology', 'DiagnosticLab', 'DietNutrition', 'Distillery',
  'DryCleaningOrLaundry', 'EducationalOrganization', 'Electrician', 'ElectronicsStore', 'ElementarySchool',
  'Emergency', 'EmergencyService', 'EmploymentAgency', 'EntertainmentBusiness', 'ExerciseGym', 'FastFoodRestaurant',
  'FinancialService', 'FireStation', 'Florist', 'FoodEstablishment', 'FundingAgency', 'FundingScheme',
  'FurnitureStore', 'GardenStore', 'GasStation', 'GeneralContractor', 'Geriatric', 'GolfCourse', 'GovernmentOffice',
  'GovernmentOrganization', 'GroceryStore', 'Gynecologic', 'HVACBusiness', 'HairSalon', 'HardwareStore',
  'HealthAndBeautyBusiness', 'HealthClub', 'HighSchool', 'HobbyShop', 'HomeAndConstructionBusiness',
  'HomeGoodsStore', 'Hospital', 'Hostel', 'Hotel', 'HousePainter', 'IceCreamShop', 'IndividualPhysician',
  'InsuranceAgency', 'InternetCafe', 'JewelryStore', 'LegalService', 'Library', 'LibrarySystem', 'LiquorStore',
  'LocalBusiness', 'Locksmith', 'LodgingBusiness', 'MedicalBusiness', 'MedicalClinic', 'MedicalOrganization',
  'MensClothingStore', 'MiddleSchool', 'Midwifery', 'MobilePhoneStore', 'Motel', 'MotorcycleDealer',
  'MotorcycleRepair', 'MovieRentalStore', 'MovieTheater', 'MovingCompany', 'MusicGroup', 'MusicStore', 'NGO',
  'NailSalon', 'NewsMediaOrganization', 'NightClub', 'Notary', 'Nursing', 'Obstetric', 'OfficeEquipmentStore',
  'Oncologic', 'OnlineBusiness', 'OnlineMarketplace', 'OnlineStore', 'Optician', 'Optometric', 'Organization',
  'Otolaryngologic', 'OutletStore', 'PawnShop', 'Pediatric', 'PerformingGroup', 'PetStore', 'Pharmacy', 'Physician',
  'PhysiciansOffice', 'Physiotherapy', 'PlasticSurgery', 'Plumber', 'Podiatric', 'PoliceStation', 'PoliticalParty',
  'PostOffice', 'Preschool', 'PrimaryCare', 'ProfessionalService', 'Project', 'Psychiatric', 'PublicHealth',
  'PublicSwimmingPool', 'RadioStation', 'RealEstateAgent', 'RecyclingCenter', 'ResearchOrganization',
  'ResearchProject', 'Resort', 'Restaurant', 'RoofingContractor', 'School', 'SearchRescueOrganization',
  'SelfStorage', 'ShoeStore', 'ShoppingCenter', 'SkiResort', 'SportingGoodsStore', 'SportsActivityLocation',
  'SportsClub', 'SportsOrganization', 'SportsTeam', 'StadiumOrArena', 'Store', 'TattooParlor', 'TelevisionStation',
  'TennisComplex', 'TheaterGroup', 'TireShop', 'TouristInformationCenter', 'ToyStore', 'TravelAgency',
  'VacationRental', 'VeterinaryCare', 'WholesaleStore', 'Winery', 'WorkersUnion',
];
